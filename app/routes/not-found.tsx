/** Any unknown path renders the 404 error page with a 404 status. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
