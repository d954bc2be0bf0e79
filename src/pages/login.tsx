import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import LoginForm from '@site/src/login/LoginForm';
import {SITE_TITLE} from '@site/src/auth/siteSettings';
import styles from './login.module.css';

/** The only page a signed-out visitor gets; the flows live in src/login. */
export default function LoginPage(): ReactNode {
  return (
    <Layout title="Sign in" description={`Sign in to read ${SITE_TITLE}.`}>
      <main className={styles.page}>
        <LoginForm />
      </main>
    </Layout>
  );
}
