import { describe, expect, it } from 'vitest';
import { dwcaExportUrl, formatReceived, nothingToExportText, readWithProgress } from './dwca-export';

describe('Export for GBIF', () => {
  it("carries the list's dzongkhag and date over as the archive's filters", () => {
    expect(dwcaExportUrl({ dzongkhag: '', date: '' }, 'http://api')).toBe('http://api/api/v1/exports/dwca');
    expect(dwcaExportUrl({ dzongkhag: 'Wangdue Phodrang', date: '2024-04-21' }, 'http://api')).toBe(
      'http://api/api/v1/exports/dwca?dzongkhag=Wangdue+Phodrang&from=2024-04-21&to=2024-04-21',
    );
  });

  it('reports the bytes received after every chunk and keeps them all', async () => {
    const chunks = [new Uint8Array(400), new Uint8Array(700_000), new Uint8Array(600_000)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
    const seen: number[] = [];
    const blob = await readWithProgress(body, (n) => seen.push(n));
    expect(seen).toEqual([400, 700_400, 1_300_400]);
    expect(blob.size).toBe(1_300_400);
    expect(seen.map(formatReceived)).toEqual(['0 kB received', '700 kB received', '1.3 MB received']);
  });

  it('says which filters matched nothing', () => {
    expect(nothingToExportText({ dzongkhag: '', date: '' })).toBe(
      'Nothing to export for GBIF: no approved entries of catalogue species.',
    );
    expect(nothingToExportText({ dzongkhag: 'Gasa', date: '2026-03-07' })).toBe(
      'Nothing to export for GBIF: no approved entries of catalogue species in Gasa on 7 Mar 2026.',
    );
  });
});
