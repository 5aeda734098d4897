import { useTranslation } from 'next-i18next/pages';
import { useAfterLoad } from '@/lib/client/after-load';
import { useServerStatus } from '@/lib/client/hooks';
import { isConnected } from '@/lib/client/status';

export function ConnectionIndicator() {
  const { t } = useTranslation('common');
  const { data } = useServerStatus(useAfterLoad());
  const online = isConnected(data?.status === 0 ? data.data : null);
  const label = online ? t('connection.online') : t('connection.offline');
  return (
    <span
      className={`connection-indicator ${online ? 'online' : 'offline'}`}
      title={label}
      data-testid="connection-indicator"
      data-online={online}
    >
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
