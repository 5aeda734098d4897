import { z } from 'zod';
import { isGrantableEntry } from '../../acl/entry';

/** One access entry a person can hold: `client:role[:access:entity]`, never a wildcard (SPEC §6). */
export const grantableEntry = () => z.string().trim().min(1).max(200).refine(isGrantableEntry, { error: 'invalid' });
