/** The contact form's own messages; what both forms say is in `../messages.ts`. */
import { MAX_MESSAGE_LENGTH } from "../../../common/limits.ts";
import { tooLong } from "../messages.ts";

// The old site's exact words, kept as visitors and the company know them.
export const CONTACT_FAILURE = "Something went wrong please try again!";
export const CONTACT_SUCCESS = "Email has been sent successfully!";

// Ours.
export const MESSAGE_REQUIRED = "Please enter your message.";
export const MESSAGE_TOO_LONG = tooLong("Message", MAX_MESSAGE_LENGTH);
