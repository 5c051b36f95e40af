/** The Ray example's virtual environment (git-ignored), made on first use. */
export const VENV: string;
/** The venv's python, with ray[data] and pyarrow importable; installs them first where needed, and throws saying why when it cannot. */
export function rayPython(): string;
