import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: anything else is refused (InvalidAccessKeyId / SignatureDoesNotMatch). */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A real S3 protocol server on 127.0.0.1 (any free port), its objects in a temporary directory. */
export async function startS3(bucket: string): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
