import { describe, expect, it } from 'vitest';
import { normalizeOrigin, ORIGIN_MESSAGES, originInput, parseEmbedOrigin } from './inputs.ts';

describe('the sites allowed to embed a form', () => {
  it('keeps https origins of named hosts, normalised, and http only for localhost', () => {
    expect(normalizeOrigin('www.autoskola.cz')).toBe('https://www.autoskola.cz');
    expect(normalizeOrigin(' HTTPS://WWW.Autoskola.CZ/ ')).toBe('https://www.autoskola.cz');
    expect(normalizeOrigin('https://autoskola.cz:8443')).toBe('https://autoskola.cz:8443');
    expect(normalizeOrigin('https://autoškola.cz')).toBe('https://xn--autokola-8wb.cz');
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeOrigin('localhost:5173')).toBe('https://localhost:5173');
    expect(normalizeOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it.each([
    ["'self'", ORIGIN_MESSAGES.invalid],
    ["'none'", ORIGIN_MESSAGES.invalid],
    ['self', ORIGIN_MESSAGES.invalid],
    ['data:', ORIGIN_MESSAGES.scheme],
    ['data:text/html,<p>x</p>', ORIGIN_MESSAGES.invalid],
    ['javascript:alert(1)', ORIGIN_MESSAGES.scheme],
    ['blob:https://a.cz', ORIGIN_MESSAGES.scheme],
    ['ftp://autoskola.cz', ORIGIN_MESSAGES.scheme],
    ['http://www.autoskola.cz', ORIGIN_MESSAGES.scheme],
    ['*', ORIGIN_MESSAGES.wildcard],
    ['https://*.autoskola.cz', ORIGIN_MESSAGES.wildcard],
    ['*.autoskola.cz', ORIGIN_MESSAGES.wildcard],
    ['https://autoskola.cz/prihlaska', ORIGIN_MESSAGES.path],
    ['autoskola.cz/prihlaska', ORIGIN_MESSAGES.path],
    ['https://autoskola.cz?x=1', ORIGIN_MESSAGES.path],
    ['/prihlaska', ORIGIN_MESSAGES.invalid],
    ['https://user:heslo@autoskola.cz', ORIGIN_MESSAGES.invalid],
    ['https://a.cz https://b.cz', ORIGIN_MESSAGES.invalid],
    ['https://a.cz;script-src *', ORIGIN_MESSAGES.invalid],
    ['https://a.cz,https://b.cz', ORIGIN_MESSAGES.invalid],
    ['https://10.0.0.1', ORIGIN_MESSAGES.invalid],
    ['https://', ORIGIN_MESSAGES.invalid],
  ])('refuses %s with a Czech message', (value, message) => {
    expect(parseEmbedOrigin(value)).toEqual({ error: message });
    const parsed = originInput.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
