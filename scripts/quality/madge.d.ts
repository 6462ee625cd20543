/** The part of madge's API that scripts/quality/cycles.ts uses (madge ships no types). */
declare module "madge" {
  interface MadgeResult {
    obj(): Record<string, string[]>;
    circular(): string[][];
  }
  function madge(path: string | string[], config?: Record<string, unknown>): Promise<MadgeResult>;
  export default madge;
}
