// Malformed tRPC/superjson request bodies, one per shape that made the transport do unbounded or unexpected work
// (issue 17 items 1 and 14). `SCHOOL_ID` in a body is replaced by a real school's id where a test has one.
// Used by transport-stall.int.test.ts (under load over HTTP), trpc/transformer.test.ts and trpc/fuzz.int.test.ts.

export interface MalformedCase {
  name: string;
  /** Path and query after /api/trpc/. */
  url: string;
  body: string;
}

const input = '{"schoolId":"SCHOOL_ID","name":"Štítek","color":"#a1b2c3"}';
const one = (name: string, meta: string, json = input): MalformedCase => ({ name, url: 'tag.createTag', body: `{"json":${json},"meta":${meta}}` });
const nested = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);

export const MALFORMED_TRANSPORT_CASES: MalformedCase[] = [
  // The 49-byte body of the issue: superjson walks the string's characters for ever (stack overflow).
  { name: 'values a string (the issue)', url: 'tag.createTag', body: '{"json":{"schoolId":"x"},"meta":{"values":"zzz"}}' },
  one('values a string on a full input', '{"values":"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz","v":1}'),
  one('values a number', '{"values":12345,"v":1}'),
  one('values under a path a string', '{"values":{"name":"zzz"},"v":1}'),
  one('values nested deep', `{"values":${nested(600, '["Date"]')},"v":1}`),
  one('unknown type name', '{"values":{"name":["zzz"]},"v":1}'),
  one('unknown class', '{"values":{"name":[["class","Evil"]]},"v":1}'),
  one('custom transformer', '{"values":{"name":[["custom","x"]]},"v":1}'),
  one('symbol', '{"values":{"name":[["symbol","x"]]},"v":1}'),
  one('bigint of junk', '{"values":{"name":["bigint"]},"v":1}'),
  one('map annotation on a string', '{"values":{"name":["map",{"0.0":["Date"]}]},"v":1}'),
  one('path to a missing key', '{"values":{"a.b.c.d.e":["Date"]},"v":1}'),
  one('path through a string', '{"values":{"name.0.1":["Date"]},"v":1}'),
  one('__proto__ path', '{"values":{"__proto__.polluted":["Date"]},"v":1}'),
  one('constructor path', '{"values":{"constructor.prototype":["undefined"]},"v":1}'),
  one('bad path escape', '{"values":{"na\\\\me\\\\x":["Date"]},"v":1}'),
  one('huge path list', `{"values":{${Array.from({ length: 300 }, (_, i) => `"p${i}":["Date"]`).join(',')}},"v":1}`),
  one('long path', `{"values":{"${Array.from({ length: 400 }, () => 'a').join('.')}":["Date"]},"v":1}`),
  one('referentialEqualities a string', '{"referentialEqualities":"zzz","v":1}'),
  one('referentialEqualities a number list', '{"referentialEqualities":{"name":[1,2,3]},"v":1}'),
  one('referentialEqualities to a missing key', '{"referentialEqualities":{"a.b":["c.d"]},"v":1}'),
  one(
    'referentialEqualities making a cycle',
    '{"referentialEqualities":{"o":["o.p"]},"v":1}',
    '{"schoolId":"SCHOOL_ID","name":"x","color":"#a1b2c3","o":{"p":1}}',
  ),
  one('referentialEqualities at the root', '{"referentialEqualities":[["name"]],"v":1}'),
  one('meta not an object', '"zzz"'),
  one('unknown meta version', '{"values":{"name":["Date"]},"v":7}'),
  { name: 'body not an object', url: 'tag.createTag', body: '"zzz"' },
  { name: 'body null', url: 'tag.createTag', body: 'null' },
  { name: 'body an array', url: 'tag.createTag', body: '[1,2,3]' },
  { name: 'not JSON', url: 'tag.createTag', body: '{"json":' },
  { name: 'json nested deep', url: 'tag.createTag', body: `{"json":${'['.repeat(3000)}${']'.repeat(3000)}}` },
  // Public procedures parse their input for everybody.
  { name: 'public: values a string', url: 'user.loginUser', body: '{"json":{"email":"a@b.cz","password":"x"},"meta":{"values":"zzz"}}' },
  {
    name: 'public: unknown class',
    url: 'user.loginUser',
    body: '{"json":{"email":"a@b.cz","password":"x"},"meta":{"values":{"email":[["class","X"]]},"v":1}}',
  },
  {
    name: 'batch of many malformed calls',
    url: `${Array.from({ length: 40 }, () => 'tag.createTag').join(',')}?batch=1`,
    body: `{${Array.from({ length: 40 }, (_, i) => `"${i}":{"json":{"schoolId":"x"},"meta":{"values":"zzz"}}`).join(',')}}`,
  },
  {
    name: 'batch of malformed calls behind a public one',
    // The first call reads its input, and so deserializes the whole batch (an unknown e-mail code: a cheap Czech refusal).
    url: 'user.confirmEmail,tag.createTag,tag.createTag?batch=1',
    body: '{"0":{"json":{"code":"abcdefghijklmnop"}},"1":{"json":{"schoolId":"x"},"meta":{"values":"zzz"}},"2":{"json":{"schoolId":"x"},"meta":{"values":"zzz"}}}',
  },
  { name: 'batch input not an object', url: 'tag.createTag?batch=1', body: '"zzz"' },
];
