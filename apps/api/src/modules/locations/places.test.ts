import { describe, expect, it } from 'vitest';
import { canonicalPlace } from './places';

describe('canonicalPlace', () => {
  it('gives the official dzongkhag and gewog and a tidied village', () => {
    expect(
      canonicalPlace({ dzongkhag: 'chukha', gewog: 'PHUNTSHOLING', village: '  Rinchending   Goenpa ' }),
    ).toEqual({
      ok: true,
      place: { dzongkhag: 'Chhukha', gewog: 'Phuentsholing', village: 'Rinchending Goenpa' },
    });
  });

  it('rejects an unknown dzongkhag by name', () => {
    expect(canonicalPlace({ dzongkhag: 'Atlantis', gewog: 'Ura' })).toEqual({
      ok: false,
      message: "'Atlantis' is not a dzongkhag of Bhutan",
    });
  });

  it('rejects a gewog of another dzongkhag, naming the dzongkhag', () => {
    expect(canonicalPlace({ dzongkhag: 'paro', gewog: 'Ura' })).toEqual({
      ok: false,
      message: "'Ura' is not a gewog of Paro",
    });
  });

  it('resolves a gewog without a dzongkhag when only one dzongkhag has it', () => {
    expect(canonicalPlace({ gewog: 'gangteng', village: 'Beta' })).toEqual({
      ok: true,
      place: { dzongkhag: 'Wangdue Phodrang', gewog: 'Gangtey', village: 'Beta' },
    });
  });

  it('asks for the dzongkhag when the gewog name is in several, and rejects an unknown one', () => {
    expect(canonicalPlace({ gewog: 'Gakiling' })).toEqual({
      ok: false,
      message: "'Gakiling' is a gewog of Haa and Sarpang: please give the dzongkhag",
    });
    expect(canonicalPlace({ gewog: 'Nowhere' })).toEqual({
      ok: false,
      message: "'Nowhere' is not a gewog of Bhutan",
    });
  });

  it('accepts any village, and blanks as none', () => {
    expect(canonicalPlace({ dzongkhag: ' ', gewog: '', village: 'Anything at all' })).toEqual({
      ok: true,
      place: { dzongkhag: null, gewog: null, village: 'Anything at all' },
    });
    expect(canonicalPlace({})).toEqual({ ok: true, place: { dzongkhag: null, gewog: null, village: null } });
    expect(canonicalPlace({ dzongkhag: 'Haa', gewog: null, village: null })).toEqual({
      ok: true,
      place: { dzongkhag: 'Haa', gewog: null, village: null },
    });
  });
});
