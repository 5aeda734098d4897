import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { text, type Row as Rec } from '@/components/flow/approval/subject';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';

/** What /api/eth/mintwrapper answers. */
export interface MintRecord {
  ip_id: string;
  tokenId: string;
  contract: string;
  chainId: number;
  owner: string;
  sub: string;
  metadataCid: string;
  tokenURI: string;
  txHash: string;
  dateCreated: string;
  minted: boolean;
}

const MINTABLE = ['approved', 'published'];

function Item({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-muted fw-normal">{label}</dt>
      <dd className="col-sm-8 font-monospace small text-break" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The token's facts shown as they are, each with its label (its key in `mint`) and test id. */
const PLAIN = [
  ['tokenId', 'mint-token-id'],
  ['txHash', 'mint-tx-hash'],
  ['owner', 'mint-owner'],
  ['contract', 'mint-contract'],
  ['chainId', 'mint-chain-id'],
] as const;

/**
 * The IP's ERC-721 wrapper on the IP page: the recorded token (id, transaction, owner) and, for
 * holder staff (admin, product) or the IP's owner, a button that mints it to the wallet of the
 * IP's owner. Minting again answers the same token.
 */
export function MintCard({ ip }: { ip: Rec }) {
  const { t } = useTranslation('chain');
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const ipKey = text(ip.key);
  const owner = text(ip.owner);
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  const access = session?.user.access ?? [];
  const staff = hasAccess(lists.holderProductOnly, access);
  const isOwner = Boolean(owner) && owner === session?.user.sub;
  const mayRead = hasAccess(lists.holder, access) || isOwner;
  const mayMint = staff || isOwner;
  const mintable = MINTABLE.includes(text(ip.state));

  const { data: record, mutate } = useSWR(
    token && mayRead && ipKey ? ['mintwrapper', ipKey, token] : null,
    async (): Promise<MintRecord | null> => {
      const answer = await api.GET('/api/eth/mintwrapper', { params: { query: { ip_id: ipKey } }, token });
      return answer?.status === 0 ? answer.data : null;
    },
  );
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<'new' | 'existing' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);

  if (!mayRead || (!mintable && !record)) return null;

  async function mint() {
    setPending(true);
    setErrors({});
    setFailed(false);
    setOutcome(null);
    // Minting is offered to staff or the IP's owner, both signed in: the session's sub is there.
    const sub = (owner || session?.user.sub) as string;
    const answer = await api.POST('/api/eth/mintwrapper', { token, body: { ip_id: ipKey, sub } });
    setPending(false);
    if (answer?.status === 0) {
      // The spec leaves every field of the token optional; the server sends them all.
      const minted = answer.data as MintRecord;
      setOutcome(minted.minted ? 'new' : 'existing');
      await mutate(minted, { revalidate: false });
      return;
    }
    const detail = answer?.data as { errors?: Record<string, string> } | undefined;
    if (detail?.errors && Object.keys(detail.errors).length) setErrors(detail.errors);
    else setFailed(true);
  }

  const errorList = Object.values(errors);
  return (
    <Card className="mt-3" data-testid="mint-card">
      <Card.Header>{t('title')}</Card.Header>
      <Card.Body>
        <p className="text-muted small">{t('intro')}</p>
        {record ? (
          <dl className="row mb-3" data-testid="mint-record">
            {PLAIN.map(([field, testId]) => (
              <Item key={field} label={t(field)} testId={testId}>
                {record[field]}
              </Item>
            ))}
            <Item label={t('tokenURI')} testId="mint-token-uri">
              <a href={`/api/files/${record.metadataCid}`} target="_blank" rel="noreferrer">
                {record.tokenURI}
              </a>
            </Item>
            <Item label={t('date')} testId="mint-date">
              {formatDateTime(record.dateCreated, '')}
            </Item>
          </dl>
        ) : (
          <p data-testid="mint-none">{t('notMinted')}</p>
        )}
        {outcome && (
          <Alert variant={outcome === 'new' ? 'success' : 'info'} data-testid={`mint-outcome-${outcome}`}>
            {t(outcome === 'new' ? 'mintedNow' : 'alreadyMinted')}
          </Alert>
        )}
        {errorList.length > 0 && (
          <Alert variant="danger" data-testid="mint-error">
            {errorList.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {failed && (
          <Alert variant="danger" data-testid="mint-error">
            {t('failed')}
          </Alert>
        )}
        {mayMint && (
          <div className="d-flex align-items-center gap-3 flex-wrap">
            <Button onClick={() => void mint()} disabled={pending || !mintable} data-testid="mint-button">
              {pending ? (
                <>
                  <Spinner animation="border" size="sm" className="me-2" />
                  {t('minting')}
                </>
              ) : record ? (
                t('check')
              ) : (
                t('mint')
              )}
            </Button>
            <span className="small text-muted">
              {t('recipient')}: {t('recipientOwner')}
            </span>
          </div>
        )}
        {mayMint && !mintable && <p className="small text-muted mt-2 mb-0">{t('notMintable')}</p>}
      </Card.Body>
    </Card>
  );
}
