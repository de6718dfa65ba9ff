import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Kuzuzangpo, {name}</p>;
}

const inSuspense = (node: React.ReactNode) =>
  renderToString(<Suspense fallback={<p>Loading...</p>}>{node}</Suspense>);

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const Page = lazyPage(async () => Greeting);
    await Page.preload();
    const html = inSuspense(<Page name="Pema" />);
    expect(html).toContain('Kuzuzangpo, <!-- -->Pema');
    expect(html).not.toContain('Loading...');
  });

  it('shows the fallback for a page whose chunk is not here yet', () => {
    const Page = lazyPage(() => new Promise<typeof Greeting>(() => undefined));
    const html = inSuspense(<Page name="Pema" />);
    expect(html).toContain('Loading...');
    expect(html).not.toContain('Kuzuzangpo');
  });

  it('loads the chunk once however often it is asked for', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('tries a failed load again (a phone back in signal)', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network');
      return Greeting;
    });
    await expect(Page.preload()).rejects.toThrow('network');
    await Page.preload();
    expect(attempts).toBe(2);
    expect(inSuspense(<Page name="Karma" />)).toContain('Karma');
  });
});
