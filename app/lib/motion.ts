/** True when the visitor asked the system for less motion. Browser only. */
export const prefersReducedMotion = (): boolean => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
