import type { NextApiRequest, NextApiResponse } from 'next';
import { vendorAsset } from '@/lib/server/system/vendor-assets';

export default function assets(req: NextApiRequest, res: NextApiResponse) {
  const asset = vendorAsset(String(req.query.name));
  if (!asset) {
    res.status(404).json({ status: 2, data: 'not found' });
    return;
  }
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Content-Length', asset.size);
  res.setHeader('Cache-Control', 'public, max-age=86400');
  if ('body' in asset) res.end(asset.body);
  else asset.stream.pipe(res);
}
