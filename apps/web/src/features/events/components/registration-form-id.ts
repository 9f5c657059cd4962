/** The id of the event page's registration form: cards link to `#register` to open it. */
export const REGISTRATION_FORM_ID = 'register';
