/** The Ray example's virtual environment (git-ignored), made on first use. */
export const VENV: string;
/** One pip call: its packages (with their requirements, or without), and the modules that prove them there. */
export interface PipStep {
  pip: string[];
  modules: string[];
  noDeps?: boolean;
}
/** What bench/ray_compare.py needs besides Ray: LangChain's splitter sized in tiktoken tokens. */
export const RAY_BENCH_PACKAGES: PipStep[];
/** The venv's python, with ray[data], pyarrow and `extra` importable; installs what is missing first, and throws saying why when it cannot. */
export function rayPython(extra?: PipStep[]): string;
