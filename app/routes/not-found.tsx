/**
 * Any unknown path renders the 404 error page with a 404 status. The language layout's error boundary
 * shows it, so that layout's `meta` gives it its title and description (errorPageMeta).
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
