// Types of scripts/build.mjs for the TypeScript that imports it (bench/run.ts, tests/lib).
export declare const ROOT: string;
export declare const OUT: string;
export declare function isStale(): boolean;
export declare function buildJs(opts?: { clean?: boolean }): Promise<number>;
export declare function buildTypes(): void;
export declare const CLASSIC_URL: string;
export declare const CLASSIC_IMPORT: string;
export declare function classicImports(text: string): string;
