import type { PublicSettings } from '../settings';
import type { Lang } from '../session/redirect';

export interface PageProps {
  settings: PublicSettings;
  lang: Lang;
}
