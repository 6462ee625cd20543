/**
 * The load section of `npm run bench` (also alone: `node --import tsx scripts/bench/load.ts`, after a
 * build). autocannon on loopback against the production server for a few seconds per URL: `/`, a hashed
 * JS asset and a 404, in requests per second and p99 latency. When nginx is installed (Debian's
 * nginx-light), it serves the same build beside ours with one worker, and the ratio is printed.
 * BENCH_LOAD_SECONDS (default 3) and BENCH_LOAD_CONNECTIONS (default 20) tune the runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { isMain } from "../is-main";
import { clientDir, repoRoot } from "../quality/budgets";

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20);
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

export interface LoadRow {
  url: string;
  server: string;
  reqPerSec: number;
  p99Ms: number;
  statuses: string;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

function startOurs(port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
}

/** nginx with one worker, serving build/client as the Node server does (gzip_static, 404 page). */
function startNginx(nginx: string, port: number, dir: string): ChildProcess {
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; access_log off; sendfile on; tcp_nopush on; keepalive_timeout 5s;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  types { text/javascript js; }
  server {
    listen 127.0.0.1:${port}; root ${clientDir}; gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
    error_page 404 /404.html;
  }
}
`,
  );
  return spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
}

/** A hashed JS file of the build (the first under assets/, by name). */
export function pickAsset(): string {
  const assets = readdirSync(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
  if (assets.length === 0) throw new Error("build/client/assets has no .js file: run npm run build");
  return `/assets/${assets.sort()[0]}`;
}

async function measure(origin: string, server: string, urls: string[]): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  for (const url of urls) {
    const r = await autocannon({
      url: origin + url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { "accept-encoding": "br, gzip" },
    });
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => `${code}x${s.count}`)
      .join(" ");
    rows.push({ url, server, reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, statuses });
  }
  return rows;
}

export async function loadBench(port = Number(process.env.BENCH_LOAD_PORT ?? 4191)): Promise<LoadRow[]> {
  const urls = ["/", pickAsset(), "/no-such-page"];
  const ours = startOurs(port);
  const rows: LoadRow[] = [];
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    rows.push(...(await measure(`http://127.0.0.1:${port}`, "node", urls)));
  } finally {
    ours.kill();
  }
  if (NGINX) {
    const dir = mkdtempSync(path.join(tmpdir(), "tncc-nginx-"));
    const nginx = startNginx(NGINX, port + 1, dir);
    try {
      await waitFor(`http://127.0.0.1:${port + 1}/`);
      rows.push(...(await measure(`http://127.0.0.1:${port + 1}`, "nginx", urls)));
    } finally {
      nginx.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`Load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per URL, loopback, br/gzip accepted):`);
  console.table(
    urls.map((url) => {
      const node = rows.find((r) => r.url === url && r.server === "node");
      const ng = rows.find((r) => r.url === url && r.server === "nginx");
      return {
        url,
        "node req/s": node?.reqPerSec,
        "node p99 ms": node?.p99Ms,
        "node statuses": node?.statuses,
        ...(ng
          ? {
              "nginx req/s": ng.reqPerSec,
              "nginx p99 ms": ng.p99Ms,
              "node/nginx": node ? Number((node.reqPerSec / ng.reqPerSec).toFixed(2)) : undefined,
            }
          : {}),
      };
    }),
  );
  if (!NGINX) console.log("nginx is not installed (apt-get install nginx-light): no comparison.");
  return rows;
}

if (isMain(import.meta.url)) await loadBench();
