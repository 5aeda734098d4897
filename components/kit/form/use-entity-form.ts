import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { EntityName } from '@/lib/server/entities/definitions';
import { useShell } from '@/lib/client/settings-context';
import { entityResolver, schemaResolver, type ExtraCheck } from './resolver';
import type { z } from 'zod';

/** A form over one entity's create or patch schema: the checks the API makes, made first here. */
export function useEntityForm<T extends FieldValues>(
  entity: EntityName,
  mode: 'create' | 'patch',
  defaultValues: DefaultValues<T>,
  extra?: ExtraCheck<T>,
) {
  const { lang } = useShell();
  return useForm<T>({ defaultValues, resolver: entityResolver<T>(entity, mode, lang, extra) });
}

/** A form over another schema the server validates with (an invitation, an access grant). */
export function useSchemaForm<T extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
  defaultValues: DefaultValues<T>,
  extra?: ExtraCheck<T>,
) {
  const { lang } = useShell();
  return useForm<T>({ defaultValues, resolver: schemaResolver<T>(loadSchema, lang, extra) });
}
