/**
 * The office map loads only when the visitor asks for it, so no request goes to a
 * third party by default (privacy). The link beside it opens the same place in a
 * map service and works without JavaScript.
 */
import { useState } from "react";
import { mapEmbedUrl, mapLink, site } from "~/content/site";
import { PinIcon } from "./icons";

export function OfficeMap() {
  const [shown, setShown] = useState(false);
  return (
    <div className="office-map">
      {shown ? (
        <iframe
          title={`Map of the ${site.name} office in ${site.address.locality}`}
          src={mapEmbedUrl()}
          width="600"
          height="360"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="office-map__placeholder">
          <PinIcon />
          <p>The map comes from OpenStreetMap and loads only when you ask for it.</p>
          <button type="button" className="button button--primary js-only" onClick={() => setShown(true)}>
            Show map
          </button>
        </div>
      )}
      <p>
        <a href={mapLink()} target="_blank" rel="noopener noreferrer">
          Open the location in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
