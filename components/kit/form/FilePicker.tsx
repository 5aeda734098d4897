import { forwardRef, useContext, useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import FormContext from 'react-bootstrap/FormContext';
import { useTranslation } from 'next-i18next/pages';

export interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  isInvalid?: boolean;
  'data-testid'?: string;
}

/**
 * A file input whose button and "nothing chosen" text are the page's language: the browser's own
 * control speaks the browser's language ("Choose File" on a jp page). The native input stays in
 * the page, visually hidden but focusable, so keyboards, screen readers and `setInputFiles` use it
 * as before; its label is drawn as the button.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, isInvalid = false, disabled, multiple, onChange, className, ...rest },
  ref,
) {
  const { t } = useTranslation('kit');
  const generated = useId();
  // Inside a Form.Group the group's controlId is the id its Form.Label points at.
  const { controlId } = useContext(FormContext);
  const inputId = id ?? controlId ?? `file-${generated}`;
  const statusId = `${inputId}-chosen`;
  const [chosen, setChosen] = useState<string[]>([]);

  const changed = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(Array.from(event.target.files ?? []).map((file) => file.name));
    onChange?.(event);
  };

  const status =
    chosen.length === 0 ? t('filePicker.none') : chosen.length === 1 ? chosen[0] : t('filePicker.many', { count: chosen.length });

  return (
    <div className={['kit-file-picker', isInvalid ? 'is-invalid' : '', className ?? ''].join(' ').trim()}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="file"
        className="kit-file-picker-input"
        disabled={disabled}
        multiple={multiple}
        aria-invalid={isInvalid || undefined}
        aria-describedby={[rest['aria-describedby'], statusId].filter(Boolean).join(' ')}
        onChange={changed}
      />
      <label htmlFor={inputId} className={`btn btn-outline-secondary btn-sm${disabled ? ' disabled' : ''}`}>
        {multiple ? t('filePicker.chooseMany') : t('filePicker.choose')}
      </label>
      <span id={statusId} className="kit-file-picker-status text-body-secondary small text-truncate">
        {status}
      </span>
    </div>
  );
});
