/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Canonical origin of the site, for canonical links and Open Graph URLs. */
  readonly VITE_SITE_URL?: string;
  /** Where the web-vitals reporter sends LCP, INP and CLS; unset: no reporter at all. */
  readonly VITE_VITALS_URL?: string;
}
