// Every user-facing message text of spec §5 and §8, word for word, so tests can assert them.
// (Named texts so that `messages` can be the Message resource, as on the server and in the web.)

export const messages = {
  // §5 validation
  loginBlank: 'Enter username and password!',
  resetInvalidUsername: 'Enter valid username!',
  invalidPasswords: 'Enter valid passwords!',
  passwordsDifferent: 'Entered passwords are different',
  tokenRequired: 'Token is required!',
  otpRequired: 'You need to write your token!',
  otpSixDigits: 'Token should consist of 6 digits!',
  selectVideoClip: 'Select video clip!',
  selectLocation: 'Select at least one location!',
  selectZone: 'Select at least one zone!',
  formHasErrors: 'There are still errors in the form!',
  rejectionReasonRequired: 'Please select rejection reason!',
  rejectionTextRequired: 'Please enter some descriptive text!',
  videoRequired: 'You should attach a video!',
  videoTooBig: 'Video file is too big!',
  imageUnsupported: 'This file format is unsupported. Supported file formats are jpg and png.',
  duplicateClipTitle: 'Duplicate clip detected',
  duplicateClipText: 'Do you want to add another copy of this clip to the playlist?',
  leaveTitle: 'Are you sure?',
  leaveText: 'Do you want to leave with unsaved changes?',
  removeImage: 'Do you want to remove active image?',

  // §8 error catalogue
  errorPrefix: 'Error:',
  statusNull:
    'Server timed out.. Try again in few seconds. Contact system administrators if this error will occur again.',
  noPermissionTitle: 'No permission',
  noPermissionText: 'You do not have required permissions to finalize this action.',
  noPermissionRedirect: 'You will be now redirected to the home page.',
  notFound:
    'Could not find requested element, please make sure that you have entered correct data and do have all required permissions.',
  connectionError:
    'Connection error. There is problem to contact application server, please check if your internet connection is working.',
  internalError:
    'Internal server error. Try again. If this error will occur again, please contact system administrator.',
  notLoggedIn: 'User is not logged in.',
  videoPlayerError: 'Video Player Error',
  imageAdded: 'Image added',
  imageRemoved: 'Image removed',
  loginFailed: 'Invalid username or password!',
  timeoutLogout: 'You had been logged out due to inactivity!',
  resetRequestFailed: 'You do not have permission to reset password!',
  resetRequestSent:
    'Password reset request was sent, if provided username is correct you should receive shortly an email with reset reset instructions.',
  changePasswordFailed: 'You do not have permission to change password!',
  activationErrorTitle: 'Activation error',
  activationErrorText: 'Your account were *not* activated...',
  otpInvalid: 'invalid token',
  versionMismatchTitle: 'New version available',
  versionMismatchText: 'A new version of Marquee has been installed. Reload the page to continue.',
  somethingWentWrong: 'Something went wrong',
  actionCancelled: 'Action cancelled',
} as const;

/** Server-side details (401/403/404/429 bodies) that are not in the spec's catalogue. */
export const details = {
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidCredentials: 'Invalid username or password!',
  tokenNeeded: 'One-time token is required.',
  tokenInvalid: 'Invalid one-time token.',
  inactiveUser: 'This account is disabled.',
  csrfFailed: 'CSRF Failed: CSRF token missing or incorrect.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  throttled: (seconds: number) =>
    `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  requiredField: 'This field is required.',
  uniqueName: 'An object with this name already exists.',
  superuserRoleLocked: 'The superuser role holds every permission and cannot be changed or deleted.',
  unknownPermissions: 'Unknown permission ids.',
  invalidOrdering: (field: string) => `Cannot order by "${field}".`,

  // Accounts
  usernameTaken: 'A user with that username already exists.',
  unknownRoles: 'Unknown role ids.',
  rolesBeyondOwn: 'You cannot grant roles with permissions you do not hold yourself.',
  emailRequiredForActivation: 'An email address is required to send the activation link.',
  unknownLocations: 'Unknown location ids.',
  unknownAdvertisers: 'Unknown advertiser ids.',
  linksBeyondOwn: 'You can only give locations and advertisers you are linked to yourself.',
  strongerUser: 'You cannot change a user who holds permissions you do not hold yourself.',
  roleBeyondOwn: 'You can only give or take away permissions and advertiser access you hold yourself.',
  ownRoleLocked: 'You cannot widen a role you hold yourself.',
  ownSecondFactor:
    'Only someone above you can turn off two-factor authentication or remove the one-time token of your account.',
  cannotDisableSelf: 'You cannot disable your own account.',
  ownAccountOnly: 'Only the account owner can do this.',
  activationLinkInvalid: 'This activation link is invalid or has expired.',
  activated: 'Your account is activated. You can sign in now.',
  otpInvalidToken: 'Invalid token.',
  otpNotStarted: 'Start enrolling a one-time token first.',
  oldPasswordIncorrect: 'Your old password was entered incorrectly.',
  passwordChanged: 'Your password was changed.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been set. You can sign in now.',
  resetThrottled: (seconds: number) =>
    `Too many password reset requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  mailFailed: 'The mail could not be sent. Try again later.',

  // Catalogue
  notLocationManager: 'Only managers of this location may change it.',
  notCampaignManager: 'You may not send campaigns to this location.',
  notAdvertiserManager: 'Only managers of this advertiser may change it, its products and clips.',
  zoneNumberTaken: 'This location already has a zone with this number.',
  unknownZone: 'Unknown zone of this location.',
  zoneNumberUnknown: (zones: number[]) => `Choose a zone number from ${zones[0]} to ${zones.at(-1)}.`,
  serialTaken: 'A device with this serial number is already registered.',
  unknownUsers: 'Unknown user ids.',
  unknownLocation: 'Unknown location.',
  inactiveLocation: 'This location is disabled.',
  unknownAdvertiser: 'Unknown advertiser.',
  unknownProduct: 'Unknown product.',
  unknownVideo: 'Unknown video; upload it first.',
  notAVideo: 'The file is not a video this product can play (mp4, webm, mov or mkv with a video stream).',
  videoProbeFailed: 'The video could not be read.',
  /** The container's stated duration disagrees with the timestamps of its video and audio. */
  videoDurationMismatch: (stated: number, measured: number) =>
    `The file says it lasts ${stated.toFixed(2)} s but its video and sound run ${measured.toFixed(2)} s; export it again.`,
  inUse: 'It is still in use; disable it instead.',

  // Forced one-time token enrolment (require_2fa without a token)
  enrolTokenFirst: 'Enrol a one-time token to continue.',

  // The database is out of reach (503 with Retry-After)
  serviceUnavailable: 'The service is temporarily unavailable. Try again in a few seconds.',
} as const;

/** A text field holding a control character (NUL, ESC, …; line breaks only in multi-line fields). */
export const controlCharactersText = 'This field may not contain control characters.';

/** The bounds of dates: any yyyy-MM-dd the API reads, and a campaign's run (the server's 400s and the
 * campaign form say the same). */
export const dateTexts = {
  dayOutOfRange: (first: string, last: string) => `Enter a date from ${first} to ${last}.`,
  campaignTooLong: (days: number) =>
    `A campaign can run at most ${days} days: choose an end date at most ${days - 1} days after the start date.`,
} as const;
