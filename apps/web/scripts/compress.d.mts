export const COMPRESSIBLE: RegExp;
export function compressDist(
  distDir: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }>;
