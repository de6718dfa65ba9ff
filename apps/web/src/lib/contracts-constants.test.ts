import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CONTRACTS_SRC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contracts/src',
);

/** Every module `from` loads, following the relative imports and re-exports; bare specifiers are listed apart. */
function moduleGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, spec] of text.matchAll(
      /^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm,
    )) {
      if (typeOnly || !spec) continue;
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), `${spec}.ts`));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => path.basename(f)), packages: [...packages] };
}

describe('@jarog/contracts/constants', () => {
  it('loads no zod: the dashboard imports it so that its first load does not build the schemas', () => {
    const graph = moduleGraph(path.join(CONTRACTS_SRC, 'constants.ts'));
    expect(graph.files).toEqual(
      expect.arrayContaining(['constants.ts', 'dzongkhags.ts', 'iucn.ts', 'months.ts']),
    );
    expect(graph.packages).toEqual([]);
  });

  it('names the same values as the package root', async () => {
    const constants = await import('@jarog/contracts/constants');
    const root = await import('@jarog/contracts');
    for (const [name, value] of Object.entries(constants))
      expect(root[name as keyof typeof root]).toBe(value);
  });
});
