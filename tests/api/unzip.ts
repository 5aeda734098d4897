/** The entries of a zip answer (name → bytes), read with yauzl the way an archive tool would. */
import yauzl from 'yauzl';

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zipfile = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zipfile.on('error', reject);
    zipfile.on('end', () => resolve());
    zipfile.on('entry', (entry: yauzl.Entry) => {
      zipfile
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          zipfile.readEntry();
        })
        .catch(reject);
    });
    zipfile.readEntry();
  });
  return entries;
}
