import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/paths.server";

export default {
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), ...(await prerenderPaths())];
  },
} satisfies Config;
