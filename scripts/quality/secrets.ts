/**
 * No secret in what the browser downloads (npm test, after the build): fails when build/client holds a
 * payment provider's secret key, the name of the variable that carries it, or its current value.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildSettings } from "../build/build-env";
import { isMain } from "../is-main";
import { clientDir } from "./budgets";

const PATTERNS = [/\bsk_(live|test)_[A-Za-z0-9]{6,}/, /\brk_(live|test)_[A-Za-z0-9]{6,}/, /STRIPE_SECRET_KEY/];

/** Every text file under `dir` (pictures, fonts and precompressed copies skipped), and the secrets found in them. */
export function findSecrets(dir: string, secretValue?: string): { files: number; found: string[] } {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(webp|avif|jpe?g|png|gif|ico|woff2?|br|gz)$/.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const hits = PATTERNS.filter((pattern) => pattern.test(text)).map(String);
    if (secretValue && text.includes(secretValue)) hits.push("the value of STRIPE_SECRET_KEY");
    return hits.map((hit) => `${path.relative(dir, file)}: ${hit}`);
  });
  return { files: files.length, found };
}

if (isMain(import.meta.url)) {
  const { files, found } = findSecrets(clientDir, buildSettings().stripeSecretKey);
  if (files === 0) throw new Error(`${clientDir} holds no files: run npm run build first.`);
  if (found.length > 0) {
    console.error(`Secrets in the client build:\n${found.join("\n")}`);
    process.exit(1);
  }
  console.log(`No secrets in the client build (${files} files).`);
}
