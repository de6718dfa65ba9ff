import { describe, expect, it } from 'vitest';
import { plainName } from './mail-text';

describe('plainName', () => {
  it('keeps real names, Dzongkha script included', () => {
    expect(plainName('Karma Dorji')).toBe('Karma Dorji');
    expect(plainName("Dechen Wangmo-Tshering O'Neil")).toBe("Dechen Wangmo-Tshering O'Neil");
    expect(plainName('Pema Chöden')).toBe('Pema Chöden');
    expect(plainName('ཀརྨ་')).not.toBe('there');
  });

  it('drops links, addresses, phone numbers, markup and control characters, and cuts to 40 characters', () => {
    expect(plainName('Win at http://evil.example now')).toBe('Win at now');
    expect(plainName('mail me@evil.bt or www.evil.bt')).toBe('mail or');
    expect(plainName('call +975 17 000 000')).toBe('call');
    expect(plainName('<b>bold</b> <script>x')).toBe('there');
    expect(plainName('A\u0000B\r\nC\tD')).toBe('A B C D');
    expect([...plainName('a'.repeat(300))]).toHaveLength(40);
    expect(plainName('')).toBe('there');
  });
});
