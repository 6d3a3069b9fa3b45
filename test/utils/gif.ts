/**
 * Animated GIFs of one colour, written by hand so a test can make a huge one in milliseconds:
 * each frame is `width` x `height` pixels of colour 0, LZW-coded (GIF89a) into a few kilobytes.
 */
export function solidGif(width: number, height: number, frames: number): Buffer {
  const le16 = (n: number) => [n & 255, n >> 8];
  const parts: Buffer[] = [
    Buffer.from('GIF89a'),
    Buffer.from([...le16(width), ...le16(height), 0x80, 0, 0, 0x00, 0xcc, 0x33, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]),
  ];
  const frame = subBlocks(solidLzw(width * height));
  for (let i = 0; i < frames; i += 1) {
    parts.push(
      Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]),
      Buffer.from([0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0, MIN_CODE_SIZE]),
      frame,
    );
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

const MIN_CODE_SIZE = 2;
const CLEAR = 1 << MIN_CODE_SIZE;
const END = CLEAR + 1;
const FIRST_FREE = END + 1;

/**
 * The LZW codes of `pixels` zeros. The table only ever holds runs of zeros (lengths 2, 3, ... at
 * codes 6, 7, ...), so the longest match is known without a lookup; otherwise this is the
 * usual GIF encoder (a clear code when the table is full at 4,096 codes).
 */
function solidLzw(pixels: number): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  let size = MIN_CODE_SIZE + 1;
  const emit = (code: number) => {
    buffer |= code << bits;
    bits += size;
    while (bits >= 8) {
      bytes.push(buffer & 255);
      buffer >>>= 8;
      bits -= 8;
    }
  };
  const codeOf = (run: number) => (run === 1 ? 0 : FIRST_FREE + run - 2);
  let next = FIRST_FREE;
  let longest = 1;
  emit(CLEAR);
  let run = 1;
  let left = pixels - 1;
  while (left > 0) {
    const grow = Math.min(longest - run, left);
    run += grow;
    left -= grow;
    if (left === 0) break;
    emit(codeOf(run));
    if (next === 4096) {
      emit(CLEAR);
      next = FIRST_FREE;
      size = MIN_CODE_SIZE + 1;
      longest = 1;
    } else {
      if (next >= 1 << size) size += 1;
      next += 1;
      longest = run + 1;
    }
    run = 1;
    left -= 1;
  }
  emit(codeOf(run));
  emit(END);
  if (bits > 0) bytes.push(buffer & 255);
  return Buffer.from(bytes);
}

function subBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const chunk = data.subarray(at, at + 255);
    blocks.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat([...blocks, Buffer.from([0])]);
}
