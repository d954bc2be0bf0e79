/** The navbar's account menu as a signed-in reader meets it, on a doc page of the site's layout. */
import {within} from '@testing-library/react';
import Layout from '@theme/Layout';
import {firebase} from './firebaseAuth';
import {navbar} from './navbar';
import {renderPage} from './render';

/** A doc page of `reader`, signed in, the account menu closed: its button and its list. */
export async function renderSignedIn(reader: string) {
  firebase.signedIn(reader);
  const rendered = renderPage(
    <Layout>
      <main />
    </Layout>,
    {path: '/1.0/intro'},
  );
  const trigger = await navbar().findByRole('button', {name: `Signed in as ${reader}`});
  const menu = within(trigger.closest<HTMLElement>('.dropdown')!.querySelector('ul')!);
  return {...rendered, trigger, menu};
}
