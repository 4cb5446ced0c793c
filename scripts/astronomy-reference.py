#!/usr/bin/env python3
"""Reference values for Tests/RainKitTests/AstronomyTests.swift, computed with PyEphem
(https://rhodesmill.org/pyephem/, libastro; `pip install ephem`, run with 4.2.1).

Conventions, the USNO's: refraction 34' at the horizon and no pressure model
(pressure = 0, horizon = -0:34), the upper limb (PyEphem's default), topocentric.
Days are the place's calendar days in its zone (Python's zoneinfo, the system's tzdata).
Moon phase: the moon's geocentric ecliptic longitude less the sun's, of date, as a fraction of
a turn, at the middle of the day; illumination: PyEphem's moon_phase there.
Civil twilight (dawn, dusk, for Tests/RainKitTests/SunTests.swift): the sun's centre 6 degrees
below the horizon, without refraction (horizon = -6, use_center), the almanacs' definition.
Run: python3 scripts/astronomy-reference.py          (AstronomyTests' cases)
     python3 scripts/astronomy-reference.py --sun    (SunTests' cases)
"""
import sys
import datetime as dt
import math
from zoneinfo import ZoneInfo

import ephem

PLACES = [
    # name, latitude, longitude, zone, dates (local calendar days)
    ("berlin", 52.52, 13.405, "Europe/Berlin", ["2025-03-30", "2025-06-21", "2025-10-26", "2026-01-15"]),
    ("sydney", -33.8688, 151.2093, "Australia/Sydney", ["2025-04-06", "2025-10-05", "2025-12-24"]),
    ("tromso", 69.6496, 18.956, "Europe/Oslo", ["2025-06-21", "2025-12-15", "2026-01-10"]),
    ("longyearbyen", 78.2232, 15.6267, "Arctic/Longyearbyen", ["2025-11-20", "2026-02-02"]),
    ("apia", -13.8333, -171.7667, "Pacific/Apia", ["2025-09-07"]),
    ("kiritimati", 1.87, -157.43, "Pacific/Kiritimati", ["2025-07-04"]),
    ("kolkata", 22.5726, 88.3639, "Asia/Kolkata", ["2025-11-05"]),
]

# Sunrise, sunset, dawn and dusk: the zones far from their meridian (the date line's, Chatham's
# quarter hour), the polar day and night, a day the clocks change, the equator.
SUN_PLACES = [
    ("apia", -13.8333, -171.7667, "Pacific/Apia", ["2026-06-15", "2026-12-06"]),
    ("nukualofa", -21.1393, -175.2049, "Pacific/Tongatapu", ["2026-12-06"]),
    ("kiritimati", 1.87, -157.43, "Pacific/Kiritimati", ["2026-03-20", "2026-12-06"]),
    ("chatham", -43.9535, -176.5597, "Pacific/Chatham", ["2026-04-05", "2026-12-06"]),
    ("reykjavik", 64.1466, -21.9426, "Atlantic/Reykjavik", ["2026-06-21", "2026-12-21"]),
    # Tromsø: the midnight sun and the polar night, and the days either side of each.
    ("tromso", 69.6496, 18.956, "Europe/Oslo", ["2026-05-16", "2026-05-17", "2026-06-21", "2026-07-26", "2026-07-27",
                                                "2026-11-26", "2026-11-27", "2026-12-21", "2027-01-15", "2027-01-16"]),
    ("berlin", 52.52, 13.405, "Europe/Berlin", ["2026-03-28", "2026-03-29", "2026-03-30"]),
    ("quito", -0.1807, -78.4678, "America/Guayaquil", ["2026-09-23"]),
]


def utc(date):
    return ephem.Date(date.astimezone(dt.timezone.utc).replace(tzinfo=None))


def unix(edate):
    return round((ephem.Date(edate).datetime() - dt.datetime(1970, 1, 1)).total_seconds())


def first(observer, body, start, end, rising):
    observer.date = start
    try:
        when = observer.next_rising(body) if rising else observer.next_setting(body)
    except (ephem.AlwaysUpError, ephem.NeverUpError):
        return None
    return unix(when) if when < end else None


def day_span(zone, day):
    local = dt.datetime.fromisoformat(day).replace(tzinfo=ZoneInfo(zone))
    return utc(local), utc((local + dt.timedelta(days=1)).replace(tzinfo=ZoneInfo(zone)))


def sun_cases():
    for name, lat, lon, zone, dates in SUN_PLACES:
        for day in dates:
            start, end = day_span(zone, day)
            observer = ephem.Observer()
            observer.lat, observer.lon = str(lat), str(lon)
            observer.elevation = 0
            observer.pressure = 0
            values = []
            for horizon, centre in (("-0:34", False), ("-6", True)):
                observer.horizon = horizon
                # The day's first rising, and the first setting after it (after the day's start
                # when it has none): a day's sunset, not the night's before, even when it comes
                # after midnight, up to 12 hours after the day (Reykjavik in June sets at 00:04).
                rise = None
                for rising in (True, False):
                    observer.date = start if rising or rise is None else rise
                    try:
                        when = (observer.next_rising if rising else observer.next_setting)(ephem.Sun(), use_center=centre)
                    except (ephem.AlwaysUpError, ephem.NeverUpError):
                        when = None
                    last = end if rising or rise is None else ephem.Date(end + 0.5)
                    when = when if when is not None and when < last else None
                    if rising:
                        rise = when
                    values.append(None if when is None else unix(when))
            # rise, set, dawn, dusk
            text = ", ".join("nil" if v is None else str(v) for v in values)
            print(f'    SunCase("{name} {day}", {lat}, {lon}, "{zone}", {unix(start)}, times: [{text}]),')


if "--sun" in sys.argv:
    sun_cases()
    sys.exit()

for name, lat, lon, zone, dates in PLACES:
    for day in dates:
        local = dt.datetime.fromisoformat(day).replace(tzinfo=ZoneInfo(zone))
        start = utc(local)
        end = utc((local + dt.timedelta(days=1)).replace(tzinfo=ZoneInfo(zone)))
        observer = ephem.Observer()
        observer.lat, observer.lon = str(lat), str(lon)
        observer.elevation = 0
        observer.pressure = 0
        observer.horizon = "-0:34"
        moon, sun = ephem.Moon(), ephem.Sun()
        noon = ephem.Date((start + end) / 2)
        moon.compute(noon)
        sun.compute(noon)
        phase = ((ephem.Ecliptic(moon, epoch=noon).lon - ephem.Ecliptic(sun, epoch=noon).lon) / (2 * math.pi)) % 1
        values = [
            first(observer, ephem.Moon(), start, end, True),
            first(observer, ephem.Moon(), start, end, False),
            first(observer, ephem.Sun(), start, end, True),
            first(observer, ephem.Sun(), start, end, False),
        ]
        text = ", ".join("nil" if v is None else str(v) for v in values)
        print(f'    Case("{name} {day}", {lat}, {lon}, "{zone}", "{day}", {unix(start)}, '
              f"phase: {phase:.4f}, lit: {moon.moon_phase:.4f}, times: [{text}]),")
