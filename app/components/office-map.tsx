/**
 * The office map loads only when the visitor asks for it, so no request goes to a
 * third party by default (privacy). Until then a drawn street plan (CSS only, nothing
 * fetched) marks the office; the link below opens the same place in OpenStreetMap and
 * works without JavaScript.
 */
import { useState } from "react";
import { mapEmbedUrl, mapLink, site } from "~/content/site.ts";
import { PinIcon } from "./icons.tsx";

export function OfficeMap() {
  const [shown, setShown] = useState(false);
  return (
    <div className="office-map">
      {shown ? (
        <iframe
          className="office-map__frame"
          title={`Map of the ${site.name} office in ${site.address.locality}`}
          src={mapEmbedUrl()}
          width="600"
          height="360"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        // A picture of the address given in words above, so assistive technology skips it.
        <div className="office-map__plan" aria-hidden="true">
          <span className="office-map__road" />
          <span className="office-map__pin">
            <PinIcon />
          </span>
          <span className="office-map__label">
            <strong>{site.name}</strong>
            <span>
              {site.address.locality}, {site.address.region}
            </span>
          </span>
        </div>
      )}
      <div className="office-map__actions">
        {!shown && (
          <button type="button" className="button button--secondary js-only" onClick={() => setShown(true)}>
            Show map
          </button>
        )}
        <a className="text-link" href={mapLink()} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      {!shown && (
        <p className="office-map__note js-only">The interactive map comes from OpenStreetMap and loads when you ask.</p>
      )}
    </div>
  );
}
