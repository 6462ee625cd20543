import { lazyDialog } from "../ui/lazy-dialog";

/** The header's dialogs, loaded apart from the page's first download (issue 52): see lazyDialog. */
export const SearchDialog = lazyDialog(() => import("./search-dialog").then((m) => m.SearchDialog));
export const MobileMenu = lazyDialog(() => import("./mobile-menu").then((m) => m.MobileMenu));
