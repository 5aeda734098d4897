import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl, uploadFile } from '@/lib/client/files';
import type { IpImage } from './types';

/** The most images an IP carries (the entity's `images` rule). */
export const MAX_IMAGES = 20;

interface ImagePickerProps {
  images: IpImage[];
  onChange: (images: IpImage[]) => void;
  /** A message for the field from the schema check or the server. */
  error?: string;
  token?: string;
  disabled?: boolean;
  /** Tells the form an upload is running, so it does not save half a list. */
  onBusy: (busy: boolean) => void;
}

/**
 * Chooses images, uploads each to the public store as it is chosen (the server sniffs the type
 * and refuses what is not an image with a message for the field) and previews what arrived.
 */
export function ImagePicker({ images, onChange, error, token, disabled, onBusy }: ImagePickerProps) {
  const { t } = useTranslation('holder-ip');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const upload = async (files: File[]) => {
    const room = MAX_IMAGES - images.length;
    const messages: string[] = [];
    if (files.length > room) messages.push(t('form.tooManyImages', { max: MAX_IMAGES }));
    const chosen = files.slice(0, Math.max(room, 0));
    const added: IpImage[] = [];
    onBusy(true);
    setProgress({ done: 0, total: chosen.length });
    for (const [index, file] of chosen.entries()) {
      // The browser's own guess catches a PDF or a text file before it is stored at all.
      if (file.type && !file.type.startsWith('image/')) {
        messages.push(t('form.notImage', { name: file.name }));
      } else {
        const answer = await uploadFile(file, { token, public: true });
        if (answer.status === 0 && answer.file) {
          if (answer.file.mime.startsWith('image/'))
            added.push({ hash: answer.file.hash, name: file.name, mime: answer.file.mime });
          else messages.push(t('form.notImage', { name: file.name }));
        } else {
          const reason = Object.values(answer.errors)[0] ?? t('form.uploadUnknown');
          messages.push(t('form.uploadFailed', { name: file.name, reason }));
        }
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    setProgress(null);
    onBusy(false);
    setProblems(messages);
    const known = new Set(images.map((image) => image.hash));
    onChange([...images, ...added.filter((image) => !known.has(image.hash))]);
  };

  const invalid = Boolean(error) || problems.length > 0;
  return (
    <Form.Group className="mb-3" controlId="ip-images">
      <Form.Label>{t('form.images')}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        disabled={disabled || progress !== null || images.length >= MAX_IMAGES}
        isInvalid={invalid}
        aria-describedby="ip-images-help"
        onChange={(e) => {
          const files = Array.from((e.target as HTMLInputElement).files ?? []);
          if (input.current) input.current.value = '';
          if (files.length) void upload(files);
        }}
        data-testid="ip-images-input"
      />
      <Form.Text id="ip-images-help" muted>
        {t('form.imagesHelp', { max: MAX_IMAGES })}
      </Form.Text>
      {error && <div className="invalid-feedback d-block">{error}</div>}
      {problems.map((message) => (
        <div key={message} className="invalid-feedback d-block" data-testid="ip-images-error">
          {message}
        </div>
      ))}
      {progress && (
        <div className="mt-2" data-testid="ip-images-progress">
          <ProgressBar
            now={progress.total ? (progress.done / progress.total) * 100 : 0}
            label={t('form.uploading', { done: progress.done, total: progress.total })}
            animated
          />
        </div>
      )}
      {images.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" data-testid="ip-images-previews">
          {images.map((image) => (
            <li key={image.hash} className="position-relative border rounded p-1 text-center" style={{ width: 132 }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path */}
              <img
                src={thumbnailUrl(image.hash, 256)}
                width={120}
                height={120}
                alt={image.name ?? ''}
                className="rounded"
                style={{ objectFit: 'cover' }}
                data-testid="ip-image-preview"
              />
              <div className="small text-truncate" title={image.name}>
                {image.name}
              </div>
              <Button
                variant="link"
                size="sm"
                className="p-0 text-danger"
                disabled={disabled}
                onClick={() => onChange(images.filter((other) => other.hash !== image.hash))}
                aria-label={t('form.removeImage', { name: image.name ?? '' })}
              >
                {t('form.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
