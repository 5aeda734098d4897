import { useState, type FormEvent } from 'react';
import { fullName } from '@/lib/format/person-name';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { storeLanguage } from '@/lib/client/language';
import { useShell } from '@/lib/client/settings-context';
import { LANGS, switchLanguagePath, type Lang } from '@/lib/session/redirect';
import { MailPreferences } from './MailPreferences';
import { ProfileBadges } from './ProfileBadges';
import { EVM_ADDRESS, useOwnProfile, useProfileCaller, type OwnProfile } from './profile-api';

interface Values {
  nickname: string;
  last_name: string;
  first_name: string;
  picture: string;
  lang: Lang;
  wallet: string;
  bio: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The language is the person's one stored setting (the same one the top bar's switch writes). */
function valuesOf(profile: OwnProfile & { bio: string }, pageLang: Lang): Values {
  const lang = profile.lang === 'en' || profile.lang === 'jp' ? profile.lang : pageLang;
  return {
    nickname: profile.nickname,
    last_name: profile.last_name,
    first_name: profile.first_name,
    picture: profile.picture ?? '',
    lang,
    wallet: profile.wallet ?? '',
    bio: profile.bio,
  };
}

/** The signed-in user's own data, language, wallet address and bio, with the badges they have earned. */
export function ProfileView({ title }: ScreenViewProps) {
  const { t } = useTranslation('profile');
  const profile = useOwnProfile();
  if (profile.data === undefined) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" />
      </div>
    );
  }
  if (profile.data === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  // A new stored language (the top bar's switch writes the same setting) starts the form afresh.
  return (
    <>
      <ProfileForm key={profile.data.lang} title={title} original={profile.data} onSaved={() => profile.mutate()} />
      <MailPreferences original={profile.data} onSaved={() => profile.mutate()} />
    </>
  );
}

interface ProfileFormProps {
  title: string;
  original: OwnProfile & { bio: string };
  onSaved: () => Promise<unknown>;
}

function ProfileForm({ title, original, onSaved }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const { lang } = useShell();
  const router = useRouter();
  const { core, token } = useProfileCaller();
  const [values, setValues] = useState<Values>(() => valuesOf(original, lang));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);

  const set = (patch: Partial<Values>) => {
    setValues({ ...values, ...patch });
    setErrors({});
    setSaved(false);
    setFailed(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (values.wallet.trim() && !EVM_ADDRESS.test(values.wallet.trim())) local.wallet = t('errors.wallet');
    if (values.picture.trim() && !/^(https?:\/\/\S+|\/(?![/\\])\S*)$/.test(values.picture.trim()))
      local.picture = t('errors.picture');
    if (values.bio.length > 5000) local.bio = t('errors.bio');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setPending(true);
    const answer = await core.POST('/api/core/users/profile/update', {
      token,
      body: {
        nickname: values.nickname,
        last_name: values.last_name,
        first_name: values.first_name,
        picture: values.picture.trim() || null,
        lang: values.lang,
        wallet: values.wallet.trim() || null,
      },
    });
    const bio =
      answer?.status === 0 && values.bio !== original.bio
        ? await core.POST('/api/core/users/setbio', { token, body: { bio: values.bio } })
        : null;
    setPending(false);
    const problems = [answer, bio].find((a) => a && a.status !== 0);
    if (!answer || problems) {
      const data = problems?.data;
      if (data && typeof data === 'object' && 'errors' in data) setErrors((data as { errors: Errors }).errors);
      else setFailed(true);
      return;
    }
    await onSaved();
    // The top bar's names come from the session, which follows at its next refresh (window focus):
    // refreshing it here would remount the page and lose this confirmation.
    if (values.lang !== lang) {
      storeLanguage(values.lang);
      void router.push(switchLanguagePath(router.asPath, values.lang));
      return;
    }
    setSaved(true);
  };

  const text = (
    name: 'nickname' | 'last_name' | 'first_name' | 'picture' | 'wallet',
    extra: { placeholder?: string; help?: string } = {},
  ) => (
    <Form.Group controlId={`profile-${name}`} className="mb-3">
      <Form.Label>{t(`fields.${name}`)}</Form.Label>
      <Form.Control
        value={values[name]}
        placeholder={extra.placeholder}
        onChange={(e) => set({ [name]: e.target.value })}
        isInvalid={Boolean(errors[name])}
        disabled={pending}
        data-testid={`profile-${name}`}
      />
      <Form.Control.Feedback type="invalid" data-testid={`profile-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
      {extra.help && <Form.Text muted>{extra.help}</Form.Text>}
    </Form.Group>
  );

  return (
    <section data-testid="profile">
      <h1 className="h4 mb-3">{title}</h1>
      <Card className="mb-4">
        <Card.Body className="d-flex align-items-center gap-3">
          {original.picture ? (
            // eslint-disable-next-line @next/next/no-img-element -- the picture may be any site path or address the user gave
            <img
              src={original.picture}
              alt=""
              width={64}
              height={64}
              className="rounded-circle object-fit-cover"
              data-testid="profile-avatar"
            />
          ) : (
            <div
              className="rounded-circle bg-secondary text-white d-flex align-items-center justify-content-center fs-4"
              style={{ width: 64, height: 64 }}
              aria-hidden
              data-testid="profile-avatar"
            >
              {(original.nickname || original.email).slice(0, 1).toUpperCase()}
            </div>
          )}
          <div className="flex-grow-1">
            <div className="fw-semibold fs-5" data-testid="profile-name">
              {fullName({ first: original.first_name, last: original.last_name }, lang) || original.nickname}
            </div>
            <div className="text-muted" data-testid="profile-email">
              {original.email}
            </div>
            <div className="mt-2">
              <div className="small text-muted mb-1">{t('badges.title')}</div>
              <ProfileBadges />
            </div>
          </div>
        </Card.Body>
      </Card>
      <Form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
        <Row>
          <Col md={4}>{text('nickname')}</Col>
          <Col md={4}>{text('last_name')}</Col>
          <Col md={4}>{text('first_name')}</Col>
        </Row>
        <Row>
          <Col md={8}>{text('picture', { placeholder: 'https://…', help: t('help.picture') })}</Col>
          <Col md={4}>
            <Form.Group controlId="profile-lang" className="mb-3">
              <Form.Label>{t('fields.lang')}</Form.Label>
              <Form.Select
                value={values.lang}
                onChange={(e) => set({ lang: e.target.value as Lang })}
                disabled={pending}
                data-testid="profile-lang"
              >
                {LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`common:languages.${l}`)}
                  </option>
                ))}
              </Form.Select>
              <Form.Text muted>{t('help.lang')}</Form.Text>
            </Form.Group>
          </Col>
        </Row>
        {text('wallet', { placeholder: '0x…', help: t('help.wallet') })}
        <Form.Group controlId="profile-bio" className="mb-3">
          <Form.Label>{t('fields.bio')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={5}
            value={values.bio}
            onChange={(e) => set({ bio: e.target.value })}
            isInvalid={Boolean(errors.bio)}
            disabled={pending}
            data-testid="profile-bio"
          />
          <Form.Control.Feedback type="invalid">{errors.bio}</Form.Control.Feedback>
        </Form.Group>
        {failed && <Alert variant="danger">{t('saveFailed')}</Alert>}
        {saved && (
          <Alert variant="success" className="py-2" data-testid="profile-saved">
            {t('saved')}
          </Alert>
        )}
        <Button type="submit" disabled={pending} data-testid="profile-submit">
          {pending && <Spinner animation="border" size="sm" className="me-2" />}
          {t('save')}
        </Button>
      </Form>
    </section>
  );
}
