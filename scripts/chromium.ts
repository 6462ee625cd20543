import { buildSettings } from "./build/build-env";
/** Flags that run Debian's Chromium headless on these machines (STACK.md): shared by Playwright and the bench. */
export const CHROMIUM_PATH = buildSettings().chromePath;
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Ports that browsers (ERR_UNSAFE_PORT) and Node's fetch ("bad port") refuse: the fetch standard's list,
 * from 1024 up. A server for the tests or the bench on one of them starts but cannot be reached.
 */
export const UNSAFE_PORTS = [
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];

/** Throws, naming the setting to change, if a port the tests or the bench would serve on is refused. */
export function assertUsablePorts(setting: string, ports: Record<string, number>): void {
  for (const [name, port] of Object.entries(ports)) {
    if (UNSAFE_PORTS.includes(port)) {
      throw new Error(`${setting} gives the ${name} port ${port}, which browsers and fetch refuse: choose another.`);
    }
  }
}
