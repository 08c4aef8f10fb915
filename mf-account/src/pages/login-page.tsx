import { Link, useLocation, useNavigate } from 'react-router';
import { signIn, SignInOptions } from '@arttoy/shared/auth';
import { useAuthStore, type SignInProvider } from '@arttoy/shared/stores';
import { Button } from '@arttoy/shared/ui';
import { returnTarget } from './return-path';
import './login-page.css';

const OPTION_CLASSES = { root: 'account-login__options', note: 'account-login__note', error: 'account-login__error' };

/** /login: the three providers with the drawer's flow, then back to where the visitor came from. */
export function LoginPage() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = () => {
    const target = returnTarget(location);
    if (target === -1) void navigate(-1);
    else void navigate(target, { replace: true });
  };
  const onSignIn = (provider: SignInProvider) => {
    void signIn(provider).then((user) => {
      if (user) goBack();
    });
  };
  return (
    <article className="account-login" data-route="login" data-owner="mf_account">
      <h1>Log in or sign up</h1>
      <p className="account-login__intro">One account for your locker, your boxes and your orders. New here? The same buttons sign you up.</p>
      {uid ? (
        <div className="account-login__options">
          <p data-testid="visitor">Signed in as {uid}</p>
          <Button onClick={goBack}>Continue</Button>
        </div>
      ) : (
        <SignInOptions onSignIn={onSignIn} classNames={OPTION_CLASSES} />
      )}
      <p className="account-login__terms">
        By continuing you accept the <Link to="/rules/terms_of_service">Terms of Service</Link> and the{' '}
        <Link to="/rules/privacy_policy">Privacy Policy</Link>.
      </p>
    </article>
  );
}
