import { useCallback, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Field } from '@/components/kit/form/Field';
import { useFieldControl } from '@/components/kit/form/field-context';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

/** The pad bound to its field: the drawing as a PNG data URL, '' once cleared. */
function SignatureInput({ nameField }: { nameField: string }) {
  const { t } = useTranslation('contract');
  const { field } = useFieldControl();
  const {
    field: { onChange },
  } = useController({ name: field.name });
  const typedName = useWatch({ name: nameField }) as unknown;
  const pad = useRef<SignaturePadHandle>(null);
  const drawn = useCallback((png: string | null) => onChange(png ?? ''), [onChange]);
  const name = typeof typedName === 'string' ? typedName : '';
  return (
    <>
      <SignaturePad ref={pad} label={t('ui.sign.draw')} onChange={drawn} invalid={field.invalid} />
      <div className="d-flex gap-2 mt-2">
        <Button variant="outline-secondary" size="sm" onClick={() => pad.current?.clear()} data-testid="sign-clear">
          {t('ui.sign.clear')}
        </Button>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={!name.trim()}
          onClick={() => pad.current?.writeText(name)}
          data-testid="sign-use-name"
        >
          {t('ui.sign.useName')}
        </Button>
      </div>
    </>
  );
}

/**
 * The drawn signature: a canvas is no labelable control, so the field is a group named by its
 * legend; "use my name" writes the typed name (field `nameField`) into the pad for those who
 * cannot draw with a pointer.
 */
export function SignatureField({ name, nameField }: { name: string; nameField: string }) {
  const { t } = useTranslation('contract');
  return (
    <Field name={name} label={t('ui.sign.draw')} required group testId="sign-signature">
      <SignatureInput nameField={nameField} />
    </Field>
  );
}
