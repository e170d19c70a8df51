import { useEffect, useRef, useState } from "react";

/**
 * A sticker picture that moves where it can be seen (decision 0041): the still first frame is the
 * `<img>`, and while the picture is on screen a `<source>` offers the animated WebP to viewers who have
 * not asked for reduced motion (`prefers-reduced-motion`, decided by the browser itself). Off screen
 * the source is taken away, so the browser shows the still frame and decodes nothing.
 */
export function MovingImage({
  moving,
  movingSrcSet,
  alt,
  className,
  ...still
}: React.ImgHTMLAttributes<HTMLImageElement> & {
  alt: string;
  /** The animated picture, or null for a still sticker. */
  moving: string | null;
  movingSrcSet?: string | undefined;
}) {
  const picture = useRef<HTMLPictureElement>(null);
  const onScreen = useOnScreen(picture, moving !== null);
  if (!moving) return <img alt={alt} className={className} {...still} />;
  return (
    <picture ref={picture} data-motion={onScreen ? "moving" : "still"}>
      {onScreen ? (
        <source
          media="(prefers-reduced-motion: no-preference)"
          srcSet={movingSrcSet ?? moving}
          sizes={still.sizes}
          type="image/webp"
        />
      ) : null}
      <img alt={alt} className={className} {...still} />
    </picture>
  );
}

/** True while the element is on screen (false on the server and before hydration). */
function useOnScreen(element: React.RefObject<Element | null>, watch: boolean): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!watch || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setOnScreen(entry.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, watch]);
  return onScreen;
}
