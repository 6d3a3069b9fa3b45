import { isCleanInput, MAX_INPUT_DEPTH, MAX_INPUT_ENTRIES, MAX_INPUT_TEXT } from './input-shape.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

describe('isCleanInput', () => {
  it('accepts what clients send: text in any script, emoji, numbers, shallow nesting', () => {
    expect(isCleanInput({ name: 'खिलाड़ी 🙂', inputs: [{ label: 'User ID' }], price: 99.5 })).toBe(
      true,
    );
    expect(isCleanInput(nested(MAX_INPUT_DEPTH))).toBe(true);
    expect(isCleanInput(undefined)).toBe(true);
  });

  it('refuses nesting deeper than the limit, without using the stack for it', () => {
    expect(isCleanInput(nested(MAX_INPUT_DEPTH + 1))).toBe(false);
    expect(isCleanInput(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe(false);
  });

  it('refuses a NUL or a lone surrogate in a value or a key, at any place', () => {
    expect(isCleanInput({ name: 'a\u0000b' })).toBe(false);
    expect(isCleanInput({ list: ['ok', ['\u0000']] })).toBe(false);
    expect(isCleanInput({ 'key\u0000': 1 })).toBe(false);
    expect(isCleanInput({ email: '\ud800@example.com' })).toBe(false);
    expect(isCleanInput({ email: 'x\udc00' })).toBe(false);
    expect(isCleanInput('\u0000')).toBe(false);
  });

  it('refuses more keys and elements than the bound, counted over every level', () => {
    const keys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 0]));
    expect(isCleanInput(keys(MAX_INPUT_ENTRIES))).toBe(true);
    expect(isCleanInput(keys(MAX_INPUT_ENTRIES + 1))).toBe(false);
    expect(isCleanInput({ list: Array(MAX_INPUT_ENTRIES - 1).fill(0) })).toBe(true);
    expect(isCleanInput({ list: Array(MAX_INPUT_ENTRIES).fill(0) })).toBe(false);
    expect(isCleanInput([keys(600), keys(600)])).toBe(false);
  });

  it('refuses a text, value or key, longer than the bound', () => {
    expect(isCleanInput({ note: 'x'.repeat(MAX_INPUT_TEXT) })).toBe(true);
    expect(isCleanInput({ note: 'x'.repeat(MAX_INPUT_TEXT + 1) })).toBe(false);
    expect(isCleanInput({ ['x'.repeat(MAX_INPUT_TEXT + 1)]: 1 })).toBe(false);
  });
});
