import { QUALITY_REPORT_BASE } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  multipart,
  pngOfSize,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
  TINY_PNG,
} from '../../../test/app.ts';

const UPLOAD = `${QUALITY_REPORT_BASE}/report/seal/upload`;
const IMAGE = `${QUALITY_REPORT_BASE}/report/seal/image`;

describe('seal upload', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const upload = (name: string, bytes: Uint8Array) =>
    postMultipart(
      t,
      admin,
      UPLOAD,
      multipart({ name, bytes, type: 'image/png' }, { kind: 'expert', fhjg: 'excellent' }),
    );

  it('refuses in Chinese a small file claiming 20000×20000 pixels, read from its header', async () => {
    const big = pngOfSize(20_000, 20_000);
    expect(big.length).toBeLessThan(100);
    const answer = await upload('印章.png', big);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().meta.message).toBe(
      '图片尺寸过大（20000×20000 像素），请上传不超过 4096×4096 像素的图片（单边不超过 16384 像素）',
    );
  });

  it('refuses a picture whose header is cut short as damaged', async () => {
    const answer = await upload('印章.png', pngOfSize(100, 100).subarray(0, 20));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().meta.message).toBe('图片文件已损坏或格式无法识别');
  });

  it('stores a normal picture and serves it back', async () => {
    const answer = await upload('印章.png', TINY_PNG);
    expect(answer.statusCode, answer.body).toBe(200);
    const image = await admin.get(IMAGE, { kind: 'expert', fhjg: 'excellent' });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
  });
});
