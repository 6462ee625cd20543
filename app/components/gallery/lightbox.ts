/**
 * PhotoSwipe 5, loaded only when a visitor opens an image (this module is imported dynamically).
 * PhotoSwipe's defaults are the spec's constants (333 ms animations, background 0.8, preload 1 before
 * and 2 after, spacing 0.1, 'The image cannot be loaded', arrows, Escape, z to zoom, pinch, swipe,
 * double-tap and wheel zoom); only the download button and the caption are added.
 */
import PhotoSwipe, { type SlideData } from "photoswipe";
import "photoswipe/style.css";
import { prefersReducedMotion } from "~/lib/motion";

export interface LightboxItem extends SlideData {
  id: number;
  src: string;
  srcset?: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

const DOWNLOAD_ICON =
  '<svg aria-hidden="true" class="pswp__icn" viewBox="0 0 32 32" width="32" height="32"><path d="M16 5v14m0 0-6-6m6 6 6-6M7 24h18" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function openLightbox(
  items: LightboxItem[],
  index: number,
  handlers: { onChange: (index: number) => void; onClose: () => void },
): PhotoSwipe {
  const pswp = new PhotoSwipe({
    dataSource: items,
    index,
    wheelToZoom: true,
    showHideAnimationType: prefersReducedMotion() ? "none" : "zoom",
    errorMsg: "The image cannot be loaded",
  });
  pswp.on("uiRegister", () => {
    pswp.ui?.registerElement({
      name: "download",
      order: 8,
      isButton: true,
      tagName: "a",
      title: "Download",
      html: DOWNLOAD_ICON,
      onInit: (el, instance) => {
        const link = el as HTMLAnchorElement;
        link.setAttribute("download", "");
        link.setAttribute("rel", "noopener");
        const update = () => {
          link.href = String(instance.currSlide?.data.src ?? "");
        };
        instance.on("change", update);
        update();
      },
    });
    pswp.ui?.registerElement({
      name: "caption",
      order: 9,
      isButton: false,
      appendTo: "root",
      className: "pswp__caption",
      onInit: (el, instance) => {
        el.setAttribute("aria-live", "polite");
        const update = () => {
          el.textContent = String((instance.currSlide?.data as LightboxItem | undefined)?.caption ?? "");
        };
        instance.on("change", update);
        update();
      },
    });
  });
  pswp.on("change", () => handlers.onChange(pswp.currIndex));
  pswp.on("destroy", handlers.onClose);
  pswp.init();
  return pswp;
}
