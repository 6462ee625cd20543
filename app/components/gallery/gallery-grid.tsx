import type PhotoSwipe from "photoswipe";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { GalleryItem } from "~/content/schemas";
import { ResponsiveImage } from "../ui/responsive-image";
import type { LightboxItem } from "./lightbox";

interface OpenLightbox {
  pswp?: PhotoSwipe;
  /** Opened by a click here, which added a history entry (closing goes Back). */
  pushed: boolean;
  /** Being closed because the URL lost its hash (Back button). */
  closing: boolean;
}

export type GalleryImage = Pick<GalleryItem, "id" | "image" | "caption">;

interface Props {
  /** Every image of the gallery: the lightbox pages through all of them ("3 / 33"). */
  all: GalleryImage[];
  /** The images this grid shows (a page, or the first 6). */
  shown: GalleryImage[];
  /** The gallery id in the URL hash (`#&gid=<id>&pid=<image id>`). */
  galleryId: string;
  gridClassName: string;
  sizes: string;
  /** How many thumbnails are above the fold on a wide screen (loaded at once); 0 below the fold. */
  eagerCount?: number;
}

/** `#&gid=gallery&pid=3` -> 3 when it names this gallery. */
export function pidFromHash(hash: string, galleryId: string): number | undefined {
  const params = new URLSearchParams(hash.replace(/^#&?/, ""));
  if (params.get("gid") !== galleryId) return undefined;
  const pid = Number(params.get("pid"));
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

const toItem = ({ id, image, caption }: GalleryImage): LightboxItem => ({
  id,
  src: image.src,
  srcset: image.srcset,
  width: image.width,
  height: image.height,
  alt: image.alt,
  caption,
});

/**
 * The lightbox of a gallery, driven by the URL hash: a gid/pid hash opens it there (so a link opens that
 * image), its absence closes it (Back button). PhotoSwipe is only downloaded when an image is opened.
 * Returns the function that opens an image by id.
 */
export function useLightbox(all: GalleryImage[], galleryId: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useRef<OpenLightbox | null>(null);
  const pid = pidFromHash(location.hash, galleryId);

  const hashFor = useCallback((id: number) => `#&gid=${galleryId}&pid=${id}`, [galleryId]);
  // The URL decides: a gid/pid hash opens the lightbox there; its absence closes it (Back button).
  useEffect(() => {
    const index = pid === undefined ? -1 : all.findIndex((item) => item.id === pid);
    if (index < 0) {
      const current = open.current;
      if (!current || current.closing) return;
      current.closing = true;
      const pswp = current.pswp;
      if (!pswp)
        open.current = null; // still downloading: never open
      else if (pswp.opener.isOpening) pswp.on("openingAnimationEnd", () => pswp.close());
      else pswp.close();
      return;
    }
    if (open.current) return;
    const state: OpenLightbox = {
      pushed: Boolean((location.state as { lightbox?: boolean } | null)?.lightbox),
      closing: false,
    };
    open.current = state;
    void import("./lightbox").then(({ openLightbox }) => {
      if (open.current !== state) return;
      state.pswp = openLightbox(all.map(toItem), index, {
        onChange: (i) => {
          const id = all[i]?.id;
          if (id !== undefined && !state.closing)
            void navigate(hashFor(id), { replace: true, preventScrollReset: true, state: location.state });
        },
        onClose: () => {
          open.current = null;
          if (state.closing) return;
          // Closed by the visitor: leave the hash (Back, if opening added the entry).
          if (state.pushed) void navigate(-1);
          else void navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
        },
      });
    });
  }, [pid, all, navigate, hashFor, location.pathname, location.search, location.state]);

  useEffect(() => () => open.current?.pswp?.destroy(), []);

  return useCallback(
    (id: number) => void navigate(hashFor(id), { preventScrollReset: true, state: { lightbox: true } }),
    [navigate, hashFor],
  );
}

/** A thumbnail linking to the full picture; with JavaScript it opens the lightbox instead. */
export function GalleryThumb({
  item,
  sizes,
  onOpen,
  eager = false,
}: {
  item: GalleryImage;
  sizes: string;
  onOpen: (id: number) => void;
  /**
   * The first row: loaded at once. The others are lazy and low in priority even where a phone shows them on its
   * first screen, so the first row and the CSS have the first round trips to themselves (issue 52).
   */
  eager?: boolean;
}) {
  return (
    <a
      href={item.image.src}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(item.id);
      }}
      className="group relative block overflow-hidden rounded-[var(--radius-card)] shadow-soft"
    >
      <ResponsiveImage
        image={item.image}
        alt=""
        sizes={sizes}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? undefined : "low"}
        className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
      />
      <span className="sr-only">Open the picture: {item.image.alt}</span>
    </a>
  );
}

/** Thumbnails in a grid, opening the lightbox over the whole gallery. */
export function GalleryGrid({ all, shown, galleryId, gridClassName, sizes, eagerCount = 0 }: Props) {
  const openImage = useLightbox(all, galleryId);
  return (
    <ul className={gridClassName}>
      {shown.map((item, index) => (
        <li key={item.id}>
          <GalleryThumb item={item} sizes={sizes} onOpen={openImage} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
