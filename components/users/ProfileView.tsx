import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { fullName } from '@/lib/format/person-name';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { BusyLabel } from '@/components/kit/form/BusyLabel';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { schemaResolver } from '@/components/kit/form/resolver';
import { showServerErrors } from '@/components/kit/form/server-errors';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { storeLanguage } from '@/lib/client/language';
import { useShell } from '@/lib/client/settings-context';
import { LANGS, switchLanguagePath, type Lang } from '@/lib/session/redirect';
import { MailPreferences } from './MailPreferences';
import { ProfileBadges } from './ProfileBadges';
import { useOwnProfile, useProfileCaller, type OwnProfile } from './profile-api';

interface Values {
  nickname: string;
  last_name: string;
  first_name: string;
  picture: string;
  lang: Lang;
  wallet: string;
  bio: string;
}

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

/**
 * The server's schemas of the two calls; its "pattern" and "too long" said as this page says them.
 * The kit leaves empty fields out of what it checks, and an empty bio is simply not sent, so the
 * bio is optional here (setbio itself requires it).
 */
function useProfileForm(defaults: Values) {
  const { t } = useTranslation('profile');
  const { lang } = useShell();
  const base = schemaResolver<Values>(
    () =>
      import('@/lib/server/users/inputs').then((m) =>
        m.usersProfileUpdateInput.extend({ bio: m.usersSetBioInput.shape.bio.optional() }),
      ),
    lang,
  );
  const resolver: Resolver<Values> = async (values, context, options) => {
    const result = await base(values, context, options);
    for (const name of ['wallet', 'picture', 'bio'] as const) {
      const error = result.errors[name];
      if (error) error.message = t(`errors.${name}`);
    }
    return result;
  };
  return useForm<Values>({ defaultValues: defaults, resolver });
}

function ProfileForm({ title, original, onSaved }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const { lang } = useShell();
  const router = useRouter();
  const { core, token } = useProfileCaller();
  const form = useProfileForm(valuesOf(original, lang));
  // What was saved is said until the person changes something again.
  const snapshot = JSON.stringify(useWatch({ control: form.control }));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const saved = savedAt === snapshot;

  const submit = async () => {
    // The raw values: an emptied picture or wallet is sent as null (cleared).
    const values = form.getValues();
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
    const problem = [answer, bio].find((a) => a && a.status !== 0);
    if (!answer || problem) {
      const data = problem?.data as { errors?: Record<string, string> } | undefined;
      showServerErrors(form, data && typeof data === 'object' && data.errors ? data.errors : {}, t('saveFailed'));
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
    setSavedAt(snapshot);
  };

  const text = (
    name: 'nickname' | 'last_name' | 'first_name' | 'picture' | 'wallet',
    extra: { placeholder?: string; help?: string } = {},
  ) => (
    <TextField
      name={name}
      label={t(`fields.${name}`)}
      placeholder={extra.placeholder}
      help={extra.help}
      testId={`profile-${name}`}
    />
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
      <Form form={form} onSubmit={submit} testId="profile-form">
        <fieldset disabled={form.formState.isSubmitting}>
          <Row>
            <Col md={4}>{text('nickname')}</Col>
            <Col md={4}>{text('last_name')}</Col>
            <Col md={4}>{text('first_name')}</Col>
          </Row>
          <Row>
            <Col md={8}>{text('picture', { placeholder: 'https://…', help: t('help.picture') })}</Col>
            <Col md={4}>
              <SelectField
                name="lang"
                label={t('fields.lang')}
                help={t('help.lang')}
                options={LANGS.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
                testId="profile-lang"
              />
            </Col>
          </Row>
          {text('wallet', { placeholder: '0x…', help: t('help.wallet') })}
          <TextField name="bio" label={t('fields.bio')} rows={5} testId="profile-bio" />
        </fieldset>
        {saved && (
          <Alert variant="success" className="py-2" data-testid="profile-saved">
            {t('saved')}
          </Alert>
        )}
        <SubmitButton pending={<BusyLabel>{t('save')}</BusyLabel>} testId="profile-submit">
          {t('save')}
        </SubmitButton>
      </Form>
    </section>
  );
}
