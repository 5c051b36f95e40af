export const SLOW: string[];
export const LONGEST: string[];
