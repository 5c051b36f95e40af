// Types of scripts/size.mjs for the TypeScript that imports it (tests/browser/build.test.ts).
export interface SizeBudget { totalMB: number; largestScriptMB: number }
export interface SizedFile { path: string; bytes: number }
export declare const BUDGET_FILE: string;
export declare function listFiles(dir: string, exclude?: string[]): SizedFile[];
export declare function measure(dir: string, opts?: { exclude?: string[]; budget?: SizeBudget }): {
  total: number;
  byKind: Record<string, number>;
  largestScript: SizedFile;
  files: SizedFile[];
  over: string[];
  budget: SizeBudget;
};
