import { detectImageType } from './image-type';

describe('image content is checked by magic bytes (issue: profile picture upload)', () => {
  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpg'],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['gif87', Buffer.from('GIF87a....'), 'gif'],
    ['gif89', Buffer.from('GIF89a....'), 'gif'],
    [
      'webp',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]),
      'webp',
    ],
  ])('recognises %s', (_name, bytes, ext) => {
    expect(detectImageType(bytes)?.ext).toBe(ext);
  });

  it.each([
    ['text claiming to be a jpeg', Buffer.from('hello.jpg')],
    ['an html page', Buffer.from('<html><script>alert(1)</script>')],
    ['a truncated png header', Buffer.from([0x89, 0x50, 0x4e])],
    [
      'RIFF that is not WEBP',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WAVE')]),
    ],
    ['empty', Buffer.alloc(0)],
  ])('rejects %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeUndefined();
  });
});
