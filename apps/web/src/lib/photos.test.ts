import { describe, expect, it } from 'vitest';
import { fitWithin, photoProblem } from './photos';

describe('picked files', () => {
  it('takes raster images only as photos', () => {
    expect(photoProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toBe(
      'a.pdf is not an image',
    );
    expect(photoProblem({ name: 'a.svg', type: 'image/svg+xml', size: 1000 })).toMatch(/SVG/);
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 })).toMatch(/too large/);
  });

  it('scales large photos to at most 1600 px, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
