// /activate/:key/:hash: a new user sets a password (and enrols a one-time token) from the mailed link.
import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useActivationParams } from '../api/get-activation-params.ts';
import { ActivationForm } from './activation-form.tsx';
import { AuthCard } from './auth-card.tsx';

export function ActivationScreen() {
  const { key = '', hash = '' } = useParams();
  const params = useActivationParams({ key, hash });

  if (params.isPending) {
    return (
      <AuthCard title="Activate account" subtitle="Activate your account">
        <Center role="status" aria-live="polite" py="md">
          <Loader size="sm" aria-hidden />
          <Text size="sm" ml="sm">
            Loading…
          </Text>
        </Center>
      </AuthCard>
    );
  }

  if (params.isError) {
    const status = isApiError(params.error) ? params.error.status : null;
    const invalid = status !== null && status >= 400 && status < 500;
    return (
      <AuthCard title="Activate account" subtitle="Activate your account">
        <Alert color="red" variant="light" role="alert" title="This activation link is not valid">
          {invalid
            ? 'The link is wrong, has been used already or has expired. Ask an administrator to send a new one.'
            : 'The activation link could not be checked. Try again later.'}
        </Alert>
        <Anchor component={Link} to={paths.login}>
          Go to sign in
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Activate account"
      subtitle={`Activate the account ${params.data.username}`}
      maxWidth={params.data.require_2fa ? 480 : 400}
    >
      <ActivationForm link={{ key, hash }} params={params.data} />
    </AuthCard>
  );
}
