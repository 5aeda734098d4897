import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/server/auth/options';
import { ensureReady } from '@/lib/server/boot';

export default async function auth(req: NextApiRequest, res: NextApiResponse) {
  await ensureReady();
  return NextAuth(req, res, authOptions());
}
