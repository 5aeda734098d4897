import type { GetServerSideProps } from 'next';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { followShortUri } from '@/lib/server/shorturi/resolve-short-uri';

/** /s/{key}: a short URI made by /api/core/shorturi/new. Never rendered: it redirects or is not found. */
export default function ShortUri() {
  return null;
}

export const getServerSideProps: GetServerSideProps = async ({ params }) => {
  await ensureReady();
  const url = await followShortUri(await getDb(), params?.key);
  return url ? { redirect: { destination: url, statusCode: 302 } } : { notFound: true };
};
