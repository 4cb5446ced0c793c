#!/usr/bin/env python3
"""Reference values for Tests/RainKitTests/AstronomyTests.swift, computed with PyEphem
(https://rhodesmill.org/pyephem/, libastro; `pip install ephem`, run with 4.2.1).

Conventions, the USNO's: refraction 34' at the horizon and no pressure model
(pressure = 0, horizon = -0:34), the upper limb (PyEphem's default), topocentric.
Days are the place's calendar days in its zone (Python's zoneinfo, the system's tzdata).
Moon phase: the moon's geocentric ecliptic longitude less the sun's, of date, as a fraction of
a turn, at the middle of the day; illumination: PyEphem's moon_phase there.
Run: python3 scripts/astronomy-reference.py
"""
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
