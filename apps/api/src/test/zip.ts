import yauzl from 'yauzl';

/** Every file of a ZIP archive, by name (a test reads what a client would unpack). */
export async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
        stream.on('error', reject);
      });
    });
    archive.readEntry();
  });
  return files;
}
